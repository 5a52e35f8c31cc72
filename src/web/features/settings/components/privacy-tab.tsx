import { formatDistanceToNow } from 'date-fns';
import { useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { BlockedMember } from '@shared/schemas/safety';
import { MemberAvatar } from '@/components/member-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { SettingSwitches, type SettingRow } from '@/features/settings/components/setting-switches';
import { isSessionLapse } from '@/lib/auth';
import { useBlockedMembers, useUnblockMember } from '@/lib/blocks';
import { profilePath } from '@/lib/paths';

/** One blocked member: photo, name (to their profile), when, and Unblock (busy while it runs). */
function BlockedMemberRow({ block, onUnblocked }: { block: BlockedMember; onUnblocked: () => void }) {
  const unblock = useUnblockMember();
  const { member } = block;

  async function handleUnblock() {
    try {
      await unblock.mutateAsync(member.id);
      toast.success(`You unblocked ${member.name}`);
      onUnblocked();
    } catch (error) {
      console.warn('Unblocking a member failed', error);
      if (!isSessionLapse(error)) toast.error('Could not unblock this member', { description: 'Something went wrong. Please try again.' });
    }
  }

  return (
    <li className="flex items-center gap-3 py-3">
      <MemberAvatar name={member.name} avatarUrl={member.photoUrl} />
      <div className="min-w-0 flex-1">
        <Link to={profilePath(member.id)} className="block truncate font-medium text-fg hover:underline">
          {member.name}
        </Link>
        <p className="text-sm text-fg-muted">Blocked {formatDistanceToNow(new Date(block.blockedAt), { addSuffix: true })}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        disabled={unblock.isPending}
        onClick={() => void handleUnblock()}
        aria-label={`Unblock ${member.name}`}
      >
        {unblock.isPending ? <Spinner className="size-4" label="Unblocking..." /> : null}
        Unblock
      </Button>
    </li>
  );
}

const PRIVACY_ROWS: readonly SettingRow[] = [
  {
    key: 'profileVisibility',
    label: 'Profile Visibility',
    description: 'Off: only members you have exchanged with see your profile and posts.',
  },
  {
    key: 'locationSharing',
    label: 'Location Sharing',
    description: 'Off: your ZIP code and area are hidden from others and left out of their matches.',
  },
  {
    key: 'aiMatchSuggestions',
    label: 'AI Match Suggestions',
    description: "Compatibility-ranked matches for you, and you in other members' top matches.",
  },
];

/** The members the viewer blocked, with Unblock. */
function BlockedMembersCard() {
  const blocked = useBlockedMembers();
  const headingRef = useRef<HTMLHeadingElement>(null);

  let body;
  if (blocked.isPending) {
    body = (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  } else if (blocked.isError) {
    body = (
      <div className="space-y-3" role="alert">
        <p className="text-sm text-fg-muted">Your blocked members could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={() => void blocked.refetch()} disabled={blocked.isFetching}>
          Try again
        </Button>
      </div>
    );
  } else if (blocked.data.length === 0) {
    body = <p className="text-sm text-fg-muted">You haven't blocked anyone.</p>;
  } else {
    body = (
      <ul className="divide-y divide-border" aria-label="Blocked members">
        {blocked.data.map((block) => (
          // The row goes once unblocked: keep the keyboard user's place at the section's heading.
          <BlockedMemberRow key={block.member.id} block={block} onUnblocked={() => headingRef.current?.focus()} />
        ))}
      </ul>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" ref={headingRef} tabIndex={-1} className="outline-none">
          Blocked members
        </CardTitle>
        <CardDescription>
          Blocked members can't message you, send you exchange requests or see your profile and posts, and you don't see theirs.
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Card>
  );
}

/** The Privacy tab: who sees the member and their location, match suggestions, then the blocked members. */
export function PrivacyTab() {
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Privacy</CardTitle>
        </CardHeader>
        <CardContent>
          <SettingSwitches rows={PRIVACY_ROWS} label="Privacy settings" />
        </CardContent>
      </Card>
      <BlockedMembersCard />
    </div>
  );
}
