import { lazy } from 'react';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../lib/auth';
import { LandingPage } from './landing';

const DashboardPage = lazy(() => import('./dashboard').then((m) => ({ default: m.DashboardPage })));

/** `/`: the landing page for guests, the dashboard once signed in. */
export function HomePage() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <Spinner />;
  return user ? <DashboardPage /> : <LandingPage />;
}
