import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { landingAnchorPath, landingAnchors, paths } from '@/lib/paths';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { Container } from '@/components/ui/container';
import { appConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';

const sectionLinks = [
  { label: 'Community', to: landingAnchorPath(landingAnchors.community) },
  { label: 'How It Works', to: landingAnchorPath(landingAnchors.howItWorks) },
  { label: 'Skills', to: landingAnchorPath(landingAnchors.skills) },
  { label: 'Benefits', to: landingAnchorPath(landingAnchors.benefits) },
] as const;

const navLinkClasses =
  'rounded-md px-3 py-2 text-sm font-medium text-fg-muted transition-colors hover:bg-surface-muted hover:text-fg';

/** The top bar for signed-out visitors, with a collapsible menu below 768 px. */
export function VisitorTopBar() {
  const location = useLocation();
  // The menu is open for the page it was opened on: every navigation (a link in the panel,
  // back/forward) closes it without an extra effect.
  const [openOnKey, setOpenOnKey] = useState<string | null>(null);
  const menuOpen = openOnKey === location.key;
  const setMenuOpen = (open: boolean) => setOpenOnKey(open ? location.key : null);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    function handleKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpenOnKey(null);
        menuButtonRef.current?.focus();
      }
    }
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [menuOpen]);

  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/75">
      <Container size="wide" className="flex h-16 items-center justify-between gap-4">
        <Link to={paths.landing} aria-label={`${appConfig.appName} home`} className="rounded-lg text-fg">
          <BrandMark />
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} className={navLinkClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 md:flex">
          <Button asChild variant="ghost">
            <Link to={paths.signin}>Log In</Link>
          </Button>
          <Button asChild>
            <Link to={paths.signup}>Sign Up</Link>
          </Button>
        </div>

        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="icon"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </Button>
      </Container>

      <div
        id={menuId}
        hidden={!menuOpen}
        className={cn('border-t border-border bg-surface md:hidden', menuOpen && 'shadow-card')}
      >
        <nav aria-label="Main">
          <Container size="wide" className="py-3">
            <ul className="flex flex-col">
              {sectionLinks.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} onClick={closeMenu} className={cn(navLinkClasses, 'block py-3 text-base')}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
            <div className="mt-3 grid grid-cols-2 gap-2 border-t border-border pt-4 pb-1">
              <Button asChild variant="outline">
                <Link to={paths.signin} onClick={closeMenu}>
                  Log In
                </Link>
              </Button>
              <Button asChild>
                <Link to={paths.signup} onClick={closeMenu}>
                  Sign Up
                </Link>
              </Button>
            </div>
          </Container>
        </nav>
      </div>
    </header>
  );
}
