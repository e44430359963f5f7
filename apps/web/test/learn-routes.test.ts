// Issue 49: the lessons' addresses, #/learn and #/learn/<exercise>, read and written alike.
import { describe, expect, it } from 'vitest';
import { href, parseRoute, type Route } from '../src/lib/router.svelte';

describe('lesson routes', () => {
  it.each([
    ['#/learn', { name: 'learn' }],
    ['#/learn/', { name: 'learn' }],
    ['#/learn/lion-igui', { name: 'exercise', id: 'lion-igui' }],
  ] as [string, Route][])('%s', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
    expect(parseRoute(href(route))).toEqual(route);
  });
});
