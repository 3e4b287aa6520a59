import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { activeChips, FilterChips } from '../components/filter-chips';
import { useDebouncedInput, useUrlFilters, type UrlFilterOptions } from './use-url-filters';

function setup(initial: string, options: UrlFilterOptions) {
  let api: ReturnType<typeof useUrlFilters> | undefined;
  let location = '';
  function Probe() {
    api = useUrlFilters(options);
    const where = useLocation();
    location = `${where.pathname}${where.search}`;
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return {
    router,
    update: (c: Record<string, string | null>) => act(() => api!.update(c)),
    at: () => location,
  };
}

describe('useUrlFilters', () => {
  it('leaves defaults and page 1 out of the URL and goes back to page 1 on a filter change', () => {
    const { update, at } = setup('/list?page=3&type=violin', { defaults: { sort: 'newest', type: 'all' } });
    update({ sort: 'year' });
    expect(at()).toBe('/list?type=violin&sort=year');
    update({ page: '2' });
    expect(at()).toBe('/list?type=violin&sort=year&page=2');
    update({ type: 'all', sort: 'newest' });
    expect(at()).toBe('/list');
  });

  it('keeps the page for the keys that say so and applies two quick updates both', () => {
    const { update, at } = setup('/list?page=2', { keepPage: ['view'] });
    update({ view: 'list' });
    expect(at()).toBe('/list?page=2&view=list');
    act(() => undefined);
    update({ a: '1' });
    update({ b: '2' });
    expect(at()).toBe('/list?view=list&a=1&b=2');
  });

  it('pushes a history entry per change, or replaces when asked', () => {
    const pushed = setup('/list', {});
    pushed.update({ q: 'violin' });
    pushed.update({ q: 'cello' });
    act(() => void pushed.router.navigate(-1));
    expect(pushed.at()).toBe('/list?q=violin');

    const replaced = setup('/list', { history: 'replace' });
    replaced.update({ q: 'violin' });
    replaced.update({ q: 'cello' });
    expect(replaced.router.state.historyAction).toBe('REPLACE');
  });
});

describe('useDebouncedInput', () => {
  it('applies the text once, after the last keystroke, and cancel drops a pending apply', () => {
    vi.useFakeTimers();
    const apply = vi.fn();
    const { result } = renderHook(() => useDebouncedInput('', apply, 300));
    act(() => result.current.type('v'));
    act(() => result.current.type('vi'));
    act(() => void vi.advanceTimersByTime(299));
    expect(apply).not.toHaveBeenCalled();
    act(() => void vi.advanceTimersByTime(1));
    expect(apply).toHaveBeenCalledExactlyOnceWith('vi');
    act(() => result.current.type('vio'));
    act(() => result.current.cancel());
    act(() => void vi.advanceTimersByTime(1000));
    expect(apply).toHaveBeenCalledTimes(1);
    expect(result.current.draft).toBe('vio');
    vi.useRealTimers();
  });
});

describe('FilterChips', () => {
  const wrap = (node: ReactNode) => render(<>{node}</>);

  it('removes one filter per chip and offers Clear All from two chips on', async () => {
    const onRemove = vi.fn();
    const onClearAll = vi.fn();
    const chips = activeChips([
      { key: 'type', label: 'Violin' },
      false,
      '',
      { key: 'verified', label: 'Verified only' },
    ]);
    wrap(<FilterChips chips={chips} onRemove={onRemove} onClearAll={onClearAll} lead="Active filters:" />);
    expect(screen.getByText('Active filters:')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter Violin' }));
    expect(onRemove).toHaveBeenCalledWith('type');
    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    expect(onClearAll).toHaveBeenCalledOnce();
  });

  it('shows no Clear All for one chip, nothing for none, and keeps its row when asked to', () => {
    const { container, rerender } = wrap(
      <FilterChips chips={[{ key: 'q', label: '“oak”' }]} onRemove={vi.fn()} onClearAll={vi.fn()} />,
    );
    expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull();
    rerender(<FilterChips chips={[]} onRemove={vi.fn()} onClearAll={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<FilterChips chips={[]} reserve onRemove={vi.fn()} onClearAll={vi.fn()} />);
    expect(container.firstChild).toHaveClass('min-h-9');
    expect(screen.queryByText('Active filters:')).toBeNull();
  });
});
