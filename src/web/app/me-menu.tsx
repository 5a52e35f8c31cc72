import { ChevronDown, LifeBuoy, LogOut, Settings, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { memberIdentity, type MemberIdentity } from '@/app/member-identity';
import { paths } from '@/lib/paths';
import { useSignOut } from '@/app/use-sign-out';
import { useProfileCompletenessQuery } from '@/lib/profile-completeness';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { SessionUser } from '@/lib/auth';
import { cn } from '@/lib/cn';

const menuLinks: { label: string; to: string; icon: LucideIcon }[] = [
  { label: 'View Profile', to: paths.profile, icon: UserRound },
  { label: 'Verification & Settings', to: paths.verification, icon: ShieldCheck },
  { label: 'Account Settings', to: paths.settings, icon: Settings },
  { label: 'Help & Support', to: paths.help, icon: LifeBuoy },
];

/** The member's photo, or the first letter of their name on a brand tile. Decorative: the name is always nearby. */
function MemberAvatar({ identity, className }: { identity: MemberIdentity; className?: string }) {
  if (identity.photoUrl) {
    return <img src={identity.photoUrl} alt="" className={cn('shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white',
        className,
      )}
    >
      {identity.initial}
    </span>
  );
}

/** The Me menu of the signed-in top bar: who is signed in, their pages, and Sign Out. */
export function MeMenu({ user, triggerClassName }: { user: SessionUser; triggerClassName?: string }) {
  const { data: profile } = useProfileCompletenessQuery();
  const identity = memberIdentity(user, {
    displayName: profile?.displayName ?? undefined,
    photoUrl: profile?.photoUrl ?? undefined,
  });
  const signOut = useSignOut();

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={triggerClassName}>
        <MemberAvatar identity={identity} className="size-6 text-xs" />
        <span className="flex items-center gap-0.5">
          <span className="max-sm:sr-only">Me</span>
          <ChevronDown aria-hidden="true" className="size-3 max-sm:hidden" />
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-72">
        <DropdownMenuLabel className="flex items-center gap-3 font-normal">
          <MemberAvatar identity={identity} className="size-10 text-base" />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{identity.displayName}</span>
            {identity.email && identity.email !== identity.displayName ? (
              <span className="block truncate text-fg-muted">{identity.email}</span>
            ) : null}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {menuLinks.map(({ label, to, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
