import { Check, Handshake } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { ExchangeStatus } from '@shared/schemas/posts';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { SendRequestDialog, type RequestTarget } from '@/features/posts/components/send-request-dialog';
import { EXCHANGE_TOOLTIP_MS, takeFirstExchangeClick } from '@/features/posts/lib/exchange-tooltip';
import { appConfig } from '@/lib/app-config';
import { cn } from '@/lib/cn';

export interface ExchangeButtonProps {
  target: RequestTarget;
  /** The member's live request on this post, from the server (PostItem.exchangeStatus). */
  exchangeStatus: ExchangeStatus | null;
  /** 'Exchange' on post cards (with the first-time tooltip), 'Connect' on search cards. */
  label?: 'Exchange' | 'Connect' | 'Send Exchange Request';
  /** Show the tooltips and the first-click introduction (post cards). */
  withTooltip?: boolean;
  size?: ButtonProps['size'];
  className?: string;
}

/** The short line beside 'Connected' (issue 11: which state the exchange is in). */
export const EXCHANGE_STATUS_TEXT: Record<ExchangeStatus, string> = {
  pending: 'Request pending',
  accepted: 'Accepted',
  completed: 'Completed',
};

const NORMAL_TOOLTIP = 'Exchange: start a conversation to offer and receive support.';

/**
 * Opens the Send Exchange Request dialog; a disabled 'Connected' with 'Request pending',
 * 'Accepted' or 'Completed' beside it while the member's request is live (after a decline or a
 * withdrawal they may ask again). On post cards the very first click in this browser only
 * introduces exchanges in a tooltip for 3 seconds.
 */
export function ExchangeButton({ target, exchangeStatus, label = 'Exchange', withTooltip = false, size = 'sm', className }: ExchangeButtonProps) {
  const statusId = useId();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [hoverOpen, setHoverOpen] = useState(false);
  const [introOpen, setIntroOpen] = useState(false);

  useEffect(() => {
    if (!introOpen) return;
    const timer = window.setTimeout(() => setIntroOpen(false), EXCHANGE_TOOLTIP_MS);
    return () => window.clearTimeout(timer);
  }, [introOpen]);

  function handleClick() {
    if (withTooltip && takeFirstExchangeClick()) {
      setHoverOpen(false);
      setIntroOpen(true);
      return;
    }
    setDialogOpen(true);
  }

  const button = (
    <Button size={size} onClick={handleClick} className={className}>
      <Handshake aria-hidden="true" />
      {label}
    </Button>
  );

  // The dialog stays mounted after the request went through, so its success toast still shows.
  const dialog = <SendRequestDialog target={target} open={dialogOpen} onOpenChange={setDialogOpen} />;
  if (exchangeStatus) {
    // Beside the button, not under it: the card keeps its height when the state appears.
    return (
      <>
        <span className={cn('inline-flex items-center justify-end gap-2', className)}>
          <span id={statusId} className="text-xs text-fg-muted" data-testid="exchange-status">
            {EXCHANGE_STATUS_TEXT[exchangeStatus]}
          </span>
          <Button variant="secondary" size={size} disabled aria-describedby={statusId}>
            <Check aria-hidden="true" />
            Connected
          </Button>
        </span>
        {dialog}
      </>
    );
  }

  return (
    <>
      {withTooltip ? (
        <TooltipProvider>
          <Tooltip
            open={introOpen || hoverOpen}
            onOpenChange={(open) => {
              if (!introOpen) setHoverOpen(open);
            }}
          >
            <TooltipTrigger asChild>{button}</TooltipTrigger>
            <TooltipContent>
              {introOpen ? `Exchanges are how you connect and trade skills on ${appConfig.appName}.` : NORMAL_TOOLTIP}
            </TooltipContent>
          </Tooltip>
        </TooltipProvider>
      ) : (
        button
      )}
      {dialog}
    </>
  );
}
