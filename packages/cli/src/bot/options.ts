import { API_VARIANTS, type ApiVariantKey } from '@chu/protocol';
import { ALL_VARIANTS, type Variant } from '@chu/rules';

// `chu bot`'s command line: where to play, with which engine, and which challenges to take.

export interface BotOptions {
  url: string;
  token: string;
  /** the engine's command line (run by the shell); null: this same `chu` in USI mode */
  engine: string | null;
  /** `setoption` lines sent to the engine before each game: name → value */
  engineOptions: [string, string][];
  variants: Variant[];
  rated: 'yes' | 'no' | 'any';
  minSeconds: number;
  maxSeconds: number;
}

export const BOT_USAGE = `usage: chu bot --url <site> --token <chu_…> [--engine "<command>"] [--engine-option <name>=<value>]… [--variants chu,dai,heisei] [--rated yes|no|any] [--min-seconds N] [--max-seconds N]
  the token may come from CHU_BOT_TOKEN instead`;

/** Our variant for an API variant key (`chushogi` → `chu`); null for one we do not play. */
export function variantOfKey(key: string): Variant | null {
  return key in API_VARIANTS ? API_VARIANTS[key as ApiVariantKey] : null;
}

/** The options, or the one-line reason they cannot be read. */
export function parseBotArgs(argv: string[], env: NodeJS.ProcessEnv): BotOptions | string {
  const o: BotOptions = {
    url: '', token: env.CHU_BOT_TOKEN ?? '', engine: null, engineOptions: [],
    variants: ['chu'], rated: 'any', minSeconds: 0, maxSeconds: Infinity,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (value === undefined) return `${flag} needs a value`;
    i++;
    const seconds = () => (/^\d+$/.test(value) ? Number(value) : null);
    switch (flag) {
      case '--url': o.url = value.replace(/\/+$/, ''); break;
      case '--token': o.token = value; break;
      case '--engine': o.engine = value; break;
      case '--engine-option': {
        const eq = value.indexOf('=');
        if (eq <= 0) return `--engine-option must be name=value, got ${value}`;
        o.engineOptions.push([value.slice(0, eq), value.slice(eq + 1)]);
        break;
      }
      case '--variants': {
        const vs = value.split(',').map((v) => v.trim()).filter(Boolean);
        const bad = vs.find((v) => !(ALL_VARIANTS as readonly string[]).includes(v));
        if (bad !== undefined || vs.length === 0) return `--variants takes ${ALL_VARIANTS.join(', ')} separated by commas, got ${value}`;
        o.variants = vs as Variant[];
        break;
      }
      case '--rated':
        if (value !== 'yes' && value !== 'no' && value !== 'any') return `--rated must be yes, no or any, got ${value}`;
        o.rated = value;
        break;
      case '--min-seconds': {
        const s = seconds();
        if (s === null) return `--min-seconds must be a whole number of seconds, got ${value}`;
        o.minSeconds = s;
        break;
      }
      case '--max-seconds': {
        const s = seconds();
        if (s === null) return `--max-seconds must be a whole number of seconds, got ${value}`;
        o.maxSeconds = s;
        break;
      }
      default:
        return `unknown flag ${flag}\n${BOT_USAGE}`;
    }
  }
  if (!o.url) return `--url is needed (the site, e.g. https://chu.example)\n${BOT_USAGE}`;
  if (!/^https?:\/\//.test(o.url)) return `--url must start with http:// or https://, got ${o.url}`;
  if (!o.token) return `a token is needed: --token chu_… or CHU_BOT_TOKEN\n${BOT_USAGE}`;
  if (o.minSeconds > o.maxSeconds) return `--min-seconds ${o.minSeconds} is more than --max-seconds ${o.maxSeconds}`;
  return o;
}
