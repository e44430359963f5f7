// Socket.IO event names: one per direction, each carrying one message of the union.
export const CLIENT_EVENT = 'c';
export const SERVER_EVENT = 's';

// The rules' vocabulary, re-exported so the wire side speaks it too.
export { COLORS, opposite } from '@chu/rules';

/** The largest id a database integer key holds (int4): a number past it names nothing. */
export const MAX_ROW_ID = 2_147_483_647;
