import { Bell, ChevronDown, House, MessageSquare, Users, type LucideIcon } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { MeMenu } from '@/app/me-menu';
import { paths } from '@/lib/paths';
import { TopBarSearch } from '@/app/top-bar-search';
import { BrandMark } from '@/components/brand-mark';
import { Container } from '@/components/ui/container';
import { appConfig } from '@/lib/app-config';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useUnreadCounts } from '@/lib/unread-counts';

// Below 640 px the labels are read by screen readers only, so the bar fits in 375 px.
const itemClasses = [
  'relative flex min-w-11 flex-col items-center justify-center gap-0.5 rounded-lg px-2 py-1.5 text-[11px] leading-none font-medium text-fg-muted',
  'transition-colors hover:bg-surface-muted hover:text-fg sm:min-w-14 md:min-w-16 md:text-xs',
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
].join(' ');

/** A dot, or with `count` a small red badge with the number (99+ beyond). */
function NavItem({ to, label, icon: Icon, unread, count }: { to: string; label: string; icon: LucideIcon; unread: boolean; count?: number }) {
  const badge = count !== undefined && count > 0 ? (count > 99 ? '99+' : String(count)) : null;
  return (
    <li>
      <NavLink
        to={to}
        className={({ isActive }) => cn(itemClasses, isActive && 'text-brand-700 hover:text-brand-800')}
      >
        <Icon aria-hidden="true" className="size-5" />
        <span className="max-sm:sr-only">{label}</span>
        {unread ? (
          <>
            <span
              data-testid={`${label.toLowerCase()}-unread-dot`}
              aria-hidden="true"
              className={cn(
                'absolute rounded-full bg-danger-600 ring-2 ring-surface',
                badge
                  ? 'top-0.5 right-0.5 min-w-4.5 px-1 text-center text-[10px] leading-4.5 font-semibold text-white sm:right-1.5 md:right-2.5'
                  : 'top-1 right-2 size-2.5 sm:right-3 md:right-4',
              )}
            >
              {badge}
            </span>
            <span className="sr-only">{badge ? ` (${count} unread)` : ' (unread)'}</span>
          </>
        ) : null}
      </NavLink>
    </li>
  );
}

/**
 * Where the Me menu goes, the same size, before the session is known: only the first paint of a
 * member's page (app/member-first-paint.tsx) has the bar without one, and the items beside it
 * must not move when the app puts the menu there.
 */
function MeMenuPlaceholder() {
  return (
    <span aria-hidden="true" className={itemClasses}>
      <span className="size-6 rounded-full bg-surface-muted" />
      <span className="flex items-center gap-0.5">
        <span className="max-sm:sr-only">Me</span>
        <ChevronDown className="size-3 max-sm:hidden" />
      </span>
    </span>
  );
}

/**
 * The members' top bar: brand, search (a second row below 768 px), Home, Network, Messages,
 * Notifications with their unread dots, and the Me menu.
 */
export function SignedInTopBar() {
  const { data: session } = useSession();
  const unread = useUnreadCounts();

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <Container size="wide" className="flex flex-wrap items-center gap-x-2 gap-y-2 py-2 md:h-16 md:flex-nowrap md:gap-x-4 md:py-0">
        <Link to={paths.home} aria-label={`${appConfig.appName} home`} className="shrink-0 rounded-lg text-fg">
          <BrandMark className="max-lg:[&>span]:sr-only" />
        </Link>
        <TopBarSearch className="order-last w-full md:order-none md:w-auto md:max-w-md md:flex-1" />
        <nav aria-label="Main" className="ml-auto">
          <ul className="flex items-center">
            <NavItem to={paths.home} label="Home" icon={House} unread={false} />
            <NavItem to={paths.network} label="Network" icon={Users} unread={false} />
            <NavItem to={paths.messages} label="Messages" icon={MessageSquare} unread={unread.messages > 0} count={unread.messages} />
            <NavItem to={paths.notifications} label="Notifications" icon={Bell} unread={unread.notifications > 0} />
          </ul>
        </nav>
        {session ? <MeMenu user={session.user} triggerClassName={itemClasses} /> : <MeMenuPlaceholder />}
      </Container>
    </header>
  );
}
