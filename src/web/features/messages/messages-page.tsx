import { MessageSquare } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { ChatPanel } from '@/features/messages/components/chat-panel';
import { ConversationList } from '@/features/messages/components/conversation-list';
import { OpenConversation } from '@/features/messages/components/open-conversation';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The height from the element's top to the bottom of the window: the chat scrolls inside its pane
 * and the composer stays on screen, whatever height the top bar has (it wraps on phones).
 */
function useFillWindow() {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number | undefined>();
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (!element) return;
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(320, window.innerHeight - top));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  return { ref, height };
}

/**
 * /messages and /messages/:id: the conversation list at the left and the chat at the right from
 * 768 px; on a phone the list and the chat are two screens (the chat has a back button).
 */
export function MessagesPage() {
  useDocumentTitle('Messages');
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const to = id ? null : searchParams.get('to');
  const { ref, height } = useFillWindow();
  const chatOpen = Boolean(id ?? to);

  let chat;
  if (id) {
    chat = <ChatPanel key={id} conversationId={id} />;
  } else if (to) {
    chat = <OpenConversation key={`${to}:${searchParams.get('post') ?? ''}`} memberId={to} postId={searchParams.get('post')} />;
  } else {
    chat = (
      <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-fg-muted">
        <MessageSquare aria-hidden="true" className="size-10 text-fg-subtle" />
        <p className="font-medium text-fg">Select a conversation</p>
        <p className="text-sm">Choose someone from the list to read and send messages.</p>
      </div>
    );
  }

  return (
    <div ref={ref} style={height ? { height } : undefined} className="mx-auto flex h-[calc(100dvh-4rem)] w-full max-w-7xl md:px-6 md:py-4 lg:px-8">
      <div className="flex min-h-0 w-full overflow-hidden bg-surface md:rounded-xl md:border md:border-border md:shadow-sm">
        <section
          aria-label="Conversations"
          className={cn('min-h-0 w-full border-border md:block md:w-80 md:shrink-0 md:border-r lg:w-96', chatOpen && 'max-md:hidden')}
        >
          <ConversationList activeId={id} />
        </section>
        <section aria-label="Chat" className={cn('min-h-0 min-w-0 flex-1', !chatOpen && 'max-md:hidden')}>
          {chat}
        </section>
      </div>
    </div>
  );
}
