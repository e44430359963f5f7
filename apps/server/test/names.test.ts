import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, request } from './support/http.ts';
import { startTestServer, type TestServer } from './support/testServer.ts';

// Display names are shown to others beside seats and in rooms: a name must show something, and must
// not hide, reorder or pile over the text around it. Rows from issue 34 (defect 8), then look-alikes.
const REFUSED: [string, string][] = [
  ['\u3164', 'HANGUL FILLER alone: a letter drawn blank (default-ignorable)'],
  ['a\u3164b', 'HANGUL FILLER inside a name'],
  ['\uffa0', 'HALFWIDTH HANGUL FILLER'],
  ['\u2800', 'BRAILLE PATTERN BLANK alone: a symbol drawn blank'],
  ['\u2800\u2800 \u2800', 'only blank braille cells and spaces'],
  ['Ana\u061c', 'ARABIC LETTER MARK (Cf): reorders text'],
  ['a\u202eevil', 'RIGHT-TO-LEFT OVERRIDE (Cf)'],
  ['a\u2066b', 'LEFT-TO-RIGHT ISOLATE (Cf)'],
  ['a\u200eb', 'LEFT-TO-RIGHT MARK (Cf)'],
  ['a\u2028b', 'LINE SEPARATOR (Zl)'],
  ['a\u2029b', 'PARAGRAPH SEPARATOR (Zp)'],
  ['Ana\u00ad', 'SOFT HYPHEN (Cf): invisible'],
  ['A\u{e0041}na', 'TAG LATIN CAPITAL LETTER A (Cf)'],
  ['a\ufff9b', 'INTERLINEAR ANNOTATION ANCHOR (Cf)'],
  ['a\u180eb', 'MONGOLIAN VOWEL SEPARATOR (Cf)'],
  ['a\u200bb', 'ZERO WIDTH SPACE (Cf)'],
  ['a\u034fb', 'COMBINING GRAPHEME JOINER: a mark, but default-ignorable'],
  ['a\u0007b', 'a control character (Cc)'],
  ['a\ue000b', 'a private-use character (Co)'],
  ['a\u0378b', 'an unassigned code point (Cn)'],
  ['a\ud800b', 'a lone surrogate (Cs)'],
  ['Z\u0351\u0352\u0353o', 'three combining marks on one letter'],
  ['Z\u0300\u0301\u0302\u0303\u0304\u0305\u0306\u0307\u0308', 'a stack of combining marks (zalgo)'],
  ['\u0301\u0301', 'combining marks with no letter to sit on'],
];

const ACCEPTED: [string, string][] = [
  ['Ana', 'Latin letters'],
  ['José María', 'accents, precomposed, and a space'],
  ['Jose\u0301', 'an accent as a combining mark'],
  ['Nguye\u0302\u0303n Thi\u0323', 'Vietnamese, decomposed: two marks on one letter'],
  ['山田\u3000太郎', 'an ideographic space between words'],
  ['رامي', 'Arabic letters (right-to-left by themselves, no control needed)'],
  ['हिन्दी', 'Devanagari with its vowel signs and virama'],
  ['Ana ❤️', 'an emoji with its presentation selector'],
  ['👩‍👩‍👧 family', 'an emoji sequence joined by zero width joiners'],
  ['a\u2800b', 'a blank braille cell between letters (drawn like a space)'],
];

describe('display names must show something, and no hidden, reordering or piled-up characters', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = (await (await post(server.url, '/api/device', { name: 'Start' })).json()) as { token: string });
  });
  afterAll(async () => { await server?.stop(); });

  const rename = (name: string) => request(server.url, 'PATCH', '/api/device', { name }, { bearer: token });

  it.each(REFUSED)('%j is refused (%s)', async (name) => {
    const r = await rename(name);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'malformed', message: expect.stringMatching(/name/) });
    // nothing changed
    expect(await (await request(server.url, 'GET', '/api/me', undefined, { bearer: token })).json()).toMatchObject({ device: { name: 'Start' } });
  });

  it.each(ACCEPTED)('%j is accepted (%s)', async (name) => {
    const r = await rename(name);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ device: { name: name.normalize('NFC') } });
    expect((await rename('Start')).status).toBe(200);
  });

  it('a new device is refused a blank-looking name too', async () => {
    const r = await post(server.url, '/api/device', { name: '\u3164' });
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'malformed' });
  });
});
