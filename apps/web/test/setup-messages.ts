// Every language's messages, loaded before each test file: a test that switches language reads the
// new words at once (the site fetches a language when the reader picks it; test/e2e/screens.e2e.test.ts).
import { ALL_LANGS, loadMessages } from '../src/lib/i18n/messages';

await Promise.all(ALL_LANGS.map(loadMessages));
