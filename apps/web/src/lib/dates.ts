// The one way the site writes a date (issue 47: "6/12/26" next to "9 dic 2026"): the reader's language's
// medium date ("9 dic 2026", "Dec 9, 2026", "2026/12/09"), and with the time where the hour matters
// (a deadline, a tournament's start, a notification). An unreadable date is written as nothing.
import { settings } from './settings.svelte';

type When = number | string | Date;
const time = (at: When): number => (typeof at === 'number' ? at : new Date(at).getTime());

export const formatDate = (at: When, lang: string = settings.lang): string =>
  Number.isNaN(time(at)) ? '' : new Intl.DateTimeFormat(lang, { dateStyle: 'medium' }).format(time(at));

export const formatDateTime = (at: When, lang: string = settings.lang): string =>
  Number.isNaN(time(at)) ? '' : new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(time(at));
