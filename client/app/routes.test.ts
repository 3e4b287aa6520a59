import { describe, expect, it } from 'vitest';
import { matchPage, PAGE_SEGMENTS, PAGES } from '../../contract/routes';
import { RESERVED_HANDLES } from '../../contract/handles';
import { routes } from './routes';

describe('the route table', () => {
  it('has one route per manifest entry, each lazily loading its page', () => {
    const children = routes[0]?.children ?? [];
    expect(children.map((r) => r.path)).toEqual(PAGES.map((p) => p.path));
    for (const child of children) expect(typeof child.lazy).toBe('function');
  });

  it('loads the component each entry names', async () => {
    const children = routes[0]?.children ?? [];
    for (const child of children) {
      const lazy = child.lazy as () => Promise<{ Component?: unknown }>;
      expect((await lazy()).Component, String(child.path)).toBeTypeOf('function');
    }
  }, 60_000);

  it('matches addresses as the router ranks them, and names none for an unknown one', () => {
    expect(matchPage('/instruments/new')?.page.path).toBe('/instruments/new');
    expect(matchPage('/instruments/abc')?.params).toEqual({ id: 'abc' });
    expect(matchPage('/p/ABC123/label')?.page.path).toBe('/p/:code/label');
    expect(matchPage('/no/such/page')).toBeNull();
    expect(matchPage('/registry/extra')).toBeNull();
  });

  it('reserves every first segment of a page as a handle', () => {
    for (const segment of PAGE_SEGMENTS) expect(RESERVED_HANDLES.has(segment), segment).toBe(true);
  });
});
