import { Navigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';

/** An older name for connecting a roster contact to a sign-in: the same flow, same address. */
export function Component() {
  const [params] = useSearchParams();
  return <Navigate to={paths.registerExisting.href(params.get('email') ?? undefined)} replace />;
}
