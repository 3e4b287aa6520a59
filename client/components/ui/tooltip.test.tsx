import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlaceholderPage } from '../../pages/placeholder-page';
import { renderWithProviders } from '../../test/render';

afterEach(() => vi.useRealTimers());

// The tooltip's popper measures its trigger; jsdom has no layout and no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

/** A mouse moving onto a control, then off it (Radix opens a tooltip on pointermove, not on touch). */
const enter = (el: HTMLElement) => fireEvent.pointerMove(el, { pointerType: 'mouse' });
const leave = (el: HTMLElement) => {
  fireEvent.pointerLeave(el, { pointerType: 'mouse', clientX: 500, clientY: 500 });
  // Away from the tooltip too (Radix keeps it open while the pointer heads for it).
  fireEvent.pointerMove(document.body, { pointerType: 'mouse', clientX: 900, clientY: 900 });
};
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('Tooltip', () => {
  it('opens after 700 ms, and the next one within 300 ms opens at once (one provider for both)', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderWithProviders(
      <PlaceholderPage title="Blog" intro="Soon." actions={['Subscribe', 'Write for us']} />,
    );
    const first = screen.getByRole('button', { name: 'Subscribe' });
    const second = screen.getByRole('button', { name: 'Write for us' });
    enter(first);
    wait(600);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    wait(150);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Coming soon');

    leave(first);
    wait(100);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    enter(second);
    // Moved on within the skip delay: no second 700 ms wait.
    wait(20);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Coming soon');
    expect(second).toHaveAttribute('data-state', 'instant-open');
  });
});
