import { Navigate } from 'react-router';
import { profilePath } from '@/lib/paths';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';

/** /profile: sends the member to their own /profile/{id}. */
export function OwnProfileRedirect() {
  const { data: session } = useSession();
  if (session) return <Navigate to={profilePath(session.user.id)} replace />;
  return (
    <div className="flex min-h-[50dvh] items-center justify-center">
      <Spinner label="Loading profile..." showLabel />
    </div>
  );
}
