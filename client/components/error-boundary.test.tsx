import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './error-boundary';

function Boom(): never {
  throw new Error('render crash');
}

describe('ErrorBoundary', () => {
  it('shows the crash screen with a Refresh Page button', () => {
    // React reports the caught error through console.error; this test expects exactly that.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(
      screen.getByText('Something went wrong. Please refresh the page to try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
