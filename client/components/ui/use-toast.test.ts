import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dismissToast, toast, TOAST_REMOVE_DELAY_MS, useToasts } from './use-toast';

describe('toasts', () => {
  it('keeps one toast at a time and removes a dismissed one after the remove delay', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToasts());
    act(() => {
      toast({ title: 'First' });
    });
    let second = 0;
    act(() => {
      second = toast({ title: 'Second', variant: 'destructive' });
    });
    expect(result.current).toHaveLength(1);
    expect(result.current[0]).toMatchObject({ title: 'Second', open: true, variant: 'destructive' });
    act(() => dismissToast(second));
    expect(result.current[0]?.open).toBe(false);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    });
    expect(result.current).toHaveLength(0);
    vi.useRealTimers();
  });
});
