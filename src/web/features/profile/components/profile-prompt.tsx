import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/lib/paths';
import { ProfileCompletionModal } from '@/features/profile/components/profile-completion-modal';
import { mayShowAutomaticPrompt, showAutomaticPrompt, takeVerificationFlags } from '@/lib/profile-prompt-store';
import { useProfileCompletion } from '@/lib/use-profile-completion';
import { useSession } from '@/lib/auth';

/** Spec section 9: the prompt's timing constants. */
export const PROMPT_DELAY_MS = 10_000;
export const INACTIVITY_MS = 5 * 60_000;
export const ACTIVITY_POLL_MS = 1_000;
export const REACTIVATION_WINDOW_MS = 1_000;

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click'] as const;

/**
 * Calls `onReturn` when the member becomes active again after at least 5 minutes without
 * activity: polled every second, an idle flag is set at 5 minutes and cleared (with the call)
 * by activity seen within the last second.
 */
function useReturnFromInactivity(enabled: boolean, onReturn: () => void): void {
  const onReturnRef = useRef(onReturn);
  useEffect(() => {
    onReturnRef.current = onReturn;
  });

  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    let wasIdle = false;
    const markActivity = () => {
      lastActivity = Date.now();
    };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, markActivity, { capture: true, passive: true });
    const poll = window.setInterval(() => {
      const idleFor = Date.now() - lastActivity;
      if (idleFor >= INACTIVITY_MS) {
        wasIdle = true;
      } else if (wasIdle && idleFor < REACTIVATION_WINDOW_MS) {
        wasIdle = false;
        onReturnRef.current();
      }
    }, ACTIVITY_POLL_MS);
    return () => {
      window.clearInterval(poll);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, markActivity, { capture: true });
    };
  }, [enabled]);
}

/**
 * The automatic profile prompt (spec section 4), mounted once in the signed-in shell. It opens
 * the modal 10 s after a trigger (return from 5 minutes' inactivity, or the flags left by the
 * e-mail link) for a signed-in member with an incomplete profile on /home or /, at most 3 times
 * per member, once per session, and never after the modal was opened by hand this session.
 */
export function ProfilePrompt() {
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const { pathname } = useLocation();
  const completion = useProfileCompletion();
  const onPromptPath = pathname === paths.home || pathname === paths.landing;
  const eligible = userId !== null && onPromptPath && !completion.isLoading && !completion.isComplete;

  // The latest eligibility, read when the delay ends; the pending timer, if a trigger fired.
  const current = useRef({ eligible, userId });
  const timer = useRef<number | null>(null);
  useEffect(() => {
    current.current = { eligible, userId };
    // Leaving /home, signing out or completing the profile drops a pending prompt.
    if (!eligible && timer.current !== null) {
      window.clearTimeout(timer.current);
      timer.current = null;
    }
  }, [eligible, userId]);
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const schedule = useCallback(() => {
    if (!current.current.eligible) return;
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      const { eligible: stillEligible, userId: member } = current.current;
      if (stillEligible && member !== null && mayShowAutomaticPrompt(member)) showAutomaticPrompt(member);
    }, PROMPT_DELAY_MS);
  }, []);

  useEffect(() => {
    if (userId === null || !onPromptPath || completion.isLoading) return;
    if (takeVerificationFlags()) schedule();
  }, [userId, onPromptPath, completion.isLoading, schedule]);

  useReturnFromInactivity(userId !== null, schedule);

  return <ProfileCompletionModal />;
}
