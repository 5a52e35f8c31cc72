import { Check, Handshake } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { useSentPostIds } from '@/features/posts/api/get-sent-post-ids';
import { SendRequestDialog, type RequestTarget } from '@/features/posts/components/send-request-dialog';
import { EXCHANGE_TOOLTIP_MS, takeFirstExchangeClick } from '@/features/posts/lib/exchange-tooltip';
import { appConfig } from '@/lib/app-config';

export interface ExchangeButtonProps {
  target: RequestTarget;
  /** The server's word that a request from the member on this post exists. */
  connected: boolean;
  /** 'Exchange' on post cards (with the first-time tooltip), 'Connect' on search cards. */
  label?: 'Exchange' | 'Connect' | 'Send Exchange Request';
  /** Show the tooltips and the first-click introduction (post cards). */
  withTooltip?: boolean;
  size?: ButtonProps['size'];
  className?: string;
}

const NORMAL_TOOLTIP = 'Exchange: start a conversation to offer and receive support.';

/**
 * Opens the Send Exchange Request dialog; a disabled 'Connected' once a request exists. On post
 * cards the very first click in this browser only introduces exchanges in a tooltip for 3 seconds.
 */
export function ExchangeButton({ target, connected, label = 'Exchange', withTooltip = false, size = 'sm', className }: ExchangeButtonProps) {
  const sent = useSentPostIds();
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
  if (connected || sent.has(target.postId)) {
    return (
      <>
        <Button variant="secondary" size={size} disabled className={className}>
          <Check aria-hidden="true" />
          Connected
        </Button>
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
