import { format } from 'date-fns';
import { Briefcase, CalendarDays, Clock, ExternalLink, Eye, Handshake, Link2, MapPin, MessageSquare, Pencil } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { leadTimeLabel, needsLocation, type ProfileView } from '@shared/schemas/profile';
import { MemberId } from '@shared/schemas/text';
import { openConversationPath, paths } from '@/lib/paths';
import { BlockedMemberNotice } from '@/components/blocked-member-notice';
import { MemberRating } from '@/components/member-rating';
import { MemberSafetyMenu } from '@/components/member-safety-menu';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { Spinner } from '@/components/ui/spinner';
import { isProfileNotFound, useProfile } from '@/features/profile/api/get-profile';
import { ProfileAvatar } from '@/features/profile/components/profile-avatar';
import { ProfileMissing } from '@/features/profile/components/profile-missing';
import { ProfileReviews } from '@/features/profile/components/profile-reviews';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Spec: Service Type shows underscores as spaces. Lead Time shows its option's label (docs/decisions/008). */
export const serviceTypeText = (value: string) => value.replaceAll('_', ' ');

/** 'Profile not found' with a way home. */
function ProfileNotFound() {
  return (
    <ProfileMissing
      action={
        <Button asChild>
          <Link to={paths.home}>Back to Home</Link>
        </Button>
      }
    />
  );
}

function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="font-medium first-letter:uppercase">{children}</dd>
    </div>
  );
}

/** /profile/{id}: a member's profile; the owner can edit it or preview it as others see it. */
export function ProfilePage() {
  const { id = '' } = useParams();
  // Spec: a missing or malformed id says 'Invalid profile ID' and goes home (the server would refuse it with 400).
  const validId = MemberId.safeParse(id).success;
  const query = useProfile(validId ? id : '');
  const profile = query.data;
  useDocumentTitle(profile?.displayName ?? 'Profile');

  useEffect(() => {
    if (!validId) toast.error('Invalid profile ID', { id: 'invalid-profile-id' });
  }, [validId]);

  useEffect(() => {
    if (query.error && !isProfileNotFound(query.error)) {
      toast.error(`Failed to load profile: ${query.error.message || 'Unknown error'}`);
    }
  }, [query.error]);

  if (!validId) return <Navigate to={paths.home} replace />;
  if (query.isPending) {
    return (
      <div className="flex min-h-[50dvh] items-center justify-center">
        <Spinner label="Loading profile..." showLabel />
      </div>
    );
  }
  if (!profile) return <ProfileNotFound />;
  return <ProfileDetails profile={profile} />;
}

function ProfileDetails({ profile }: { profile: ProfileView }) {
  const navigate = useNavigate();
  const [viewAsOthers, setViewAsOthers] = useState(false);
  const ownerView = profile.isOwner && !viewAsOthers;
  const name = profile.displayName ?? 'Member';
  const hasLinks = Boolean(profile.portfolioUrl || profile.linkedinUrl);

  return (
    <Container size="default" className="py-6 sm:py-10">
      <Card className="overflow-hidden">
        <div aria-hidden="true" className="h-24 bg-gradient-to-r from-brand-100 via-brand-50 to-accent-100 sm:h-32" />
        <div className="flex flex-col gap-5 px-5 pb-6 sm:flex-row sm:items-end sm:px-8">
          <ProfileAvatar photoUrl={profile.photoUrl} name={profile.displayName} className="-mt-12 size-24 shrink-0 border-4 border-surface sm:-mt-16 sm:size-32 sm:text-3xl" />
          <div className="min-w-0 flex-1 space-y-2">
            <div>
              <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere sm:text-3xl">{name}</h1>
              {profile.primaryCategory ? <p className="font-medium text-brand-700">{profile.primaryCategory.name}</p> : null}
            </div>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-fg-muted">
              {profile.location ? (
                <li className="flex items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-4" />
                  {profile.location}
                </li>
              ) : null}
              <li className="flex items-center">
                <MemberRating average={profile.rating} count={profile.ratingCount} fiveStars />
              </li>
              <li className="flex items-center gap-1.5">
                <Handshake aria-hidden="true" className="size-4" />
                {profile.exchanges} exchanges
              </li>
              <li className="flex items-center gap-1.5">
                <CalendarDays aria-hidden="true" className="size-4" />
                Joined {format(new Date(profile.joinedAt), 'MMMM yyyy')}
              </li>
            </ul>
            {profile.responseSignal ? (
              <p className="flex items-center gap-1.5 text-sm text-fg-muted" data-testid="response-signal">
                <Clock aria-hidden="true" className="size-4 shrink-0" />
                {profile.responseSignal}
              </p>
            ) : null}
          </div>
          {profile.blockedByViewer ? (
            <BlockedMemberNotice member={{ id: profile.id, name }} blocked="by_viewer" className="sm:max-w-xs" />
          ) : (
            <div className="flex flex-wrap gap-2">
              {ownerView ? (
                <Button asChild>
                  <Link to={paths.profileEdit}>
                    <Pencil aria-hidden="true" />
                    Edit Profile
                  </Link>
                </Button>
              ) : (
                <Button
                  disabled={profile.isOwner}
                  onClick={() => void navigate(openConversationPath(profile.id))}
                >
                  <MessageSquare aria-hidden="true" />
                  Message
                </Button>
              )}
              {profile.isOwner ? (
                <Button variant="outline" aria-pressed={viewAsOthers} onClick={() => setViewAsOthers((v) => !v)}>
                  <Eye aria-hidden="true" />
                  {viewAsOthers ? 'My View' : 'View as Others'}
                </Button>
              ) : (
                <MemberSafetyMenu member={{ id: profile.id, name }} />
              )}
            </div>
          )}
        </div>
      </Card>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-relaxed whitespace-pre-line break-words text-fg">{profile.about?.trim() || 'No description provided.'}</p>
            </CardContent>
          </Card>
          {profile.skillKeywords.length > 0 ? (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Skills</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-wrap gap-2" aria-label="Skills">
                  {profile.skillKeywords.map((keyword) => (
                    <li key={keyword}>
                      <Badge variant="brand" className="px-3 py-1 text-sm">
                        {keyword}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          ) : null}
          <ProfileReviews reviews={profile.reviews} />
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Service Details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3">
                {profile.serviceType ? <DetailRow label="Service Type">{serviceTypeText(profile.serviceType)}</DetailRow> : null}
                {profile.leadTime ? <DetailRow label="Lead Time">{leadTimeLabel(profile.leadTime)}</DetailRow> : null}
                {needsLocation(profile.serviceType) ? (
                  <DetailRow label="Service Area">{profile.serviceRadiusMiles} mile radius</DetailRow>
                ) : null}
              </dl>
            </CardContent>
          </Card>
          {hasLinks ? (
            <Card>
              <CardHeader>
                <CardTitle as="h2">Links</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-2">
                  {profile.portfolioUrl ? (
                    <li>
                      <a href={profile.portfolioUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline">
                        <Briefcase aria-hidden="true" className="size-4" />
                        Portfolio
                        <ExternalLink aria-hidden="true" className="size-3.5" />
                      </a>
                    </li>
                  ) : null}
                  {profile.linkedinUrl ? (
                    <li>
                      <a href={profile.linkedinUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 font-medium text-brand-700 underline-offset-4 hover:underline">
                        <Link2 aria-hidden="true" className="size-4" />
                        LinkedIn Profile
                        <ExternalLink aria-hidden="true" className="size-3.5" />
                      </a>
                    </li>
                  ) : null}
                </ul>
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </Container>
  );
}
