import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { Button } from './ui/button';

export function CrashScreen() {
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-8 text-center"
    >
      <h1 className="font-serif text-2xl font-semibold">Something went wrong</h1>
      <p className="text-stone-700">Something went wrong. Please refresh the page to try again.</p>
      <Button onClick={() => window.location.reload()}>Refresh Page</Button>
    </div>
  );
}

/** The router's error element: a render crash in any page lands here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.warn(error);
  return <CrashScreen />;
}

/** Catches render crashes outside the router (providers, the dialog layer). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (import.meta.env.DEV) console.warn(error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <CrashScreen /> : this.props.children;
  }
}
