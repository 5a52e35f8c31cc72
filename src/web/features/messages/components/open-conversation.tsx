import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { OpenConversationInput } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useOpenConversation } from '@/features/messages/api/open-conversation';
import { conversationPath, paths } from '@/lib/paths';

/**
 * `/messages?to={memberId}&post={postId}` (the Message buttons): opens or creates the conversation,
 * then replaces the address with the conversation's own, so Back does not create it again.
 */
export function OpenConversation({ memberId, postId }: { memberId: string; postId: string | null }) {
  const navigate = useNavigate();
  const open = useOpenConversation();
  const started = useRef(false);
  const input = OpenConversationInput.safeParse({ memberId, postId });
  const { mutate } = open;

  useEffect(() => {
    if (started.current || !input.success) return;
    started.current = true;
    mutate(input.data, { onSuccess: (conversation) => void navigate(conversationPath(conversation.id), { replace: true }) });
  }, [input.success, input.data, mutate, navigate]);

  if (!input.success || open.isError) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-6 text-center" role="alert">
        <p className="font-medium text-fg">{open.error?.message ?? 'This conversation could not be opened.'}</p>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.messages}>Back to conversations</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="flex h-full items-center justify-center">
      <Spinner label="Opening the conversation..." showLabel />
    </div>
  );
}
