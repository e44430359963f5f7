import { parseSfen, START_SFEN, MAX_MOVES } from '@chu/rules';
import { Searcher } from './src/search.ts';
import fs from 'node:fs';
const d = JSON.parse(fs.readFileSync('/work/shared/oracle/public.json','utf8'));
const sfens = [START_SFEN, ...d.perft_distinct.random.map((r:any)=>r.sfen)];
const buf = new Int32Array(MAX_MOVES), sc = new Int32Array(MAX_MOVES);
const s: any = new Searcher(10);
for (const x of sfens) { const p = parseSfen(x); if(!p.ok) throw 0; const pos=p.value; s.pos = pos;
  let n=0,c=0; const N=50000; let t=performance.now(); for(let i=0;i<N;i++) n=pos.generate(buf); const g=(performance.now()-t)/N*1000;
  t=performance.now(); for(let i=0;i<N;i++) c=s.generateCaptures(buf, sc); const gc=(performance.now()-t)/N*1000;
  console.log(n, 'gen us', g.toFixed(2), c, 'caps us', gc.toFixed(2));
}
