import { SendHorizontal } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_LIMITS } from '@shared/schemas/messages';
import { Button } from '@/components/ui/button';
import { fieldClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

export interface ComposerProps {
  conversationId: string;
  onSend: (content: string) => void;
  disabled?: boolean;
}

/**
 * The message box: Enter sends, Shift+Enter makes a new line, blank text is not sent, and it counts
 * down from 2,000 characters. Focused when the conversation opens.
 */
export function Composer({ conversationId, onSend, disabled = false }: ComposerProps) {
  const [text, setText] = useState('');
  const ref = useRef<HTMLTextAreaElement>(null);
  const left = MESSAGE_LIMITS.contentMax - text.length;
  const blank = text.trim() === '';

  useEffect(() => {
    ref.current?.focus();
  }, [conversationId]);

  function submit() {
    const content = text.trim();
    if (!content || disabled) return;
    onSend(content);
    setText('');
    ref.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while an input method is composing (Japanese, Chinese...) picks the word, not sends.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit();
  }

  return (
    <form onSubmit={handleSubmit} className="border-t border-border bg-surface p-2 sm:p-3" aria-label="Write a message">
      <div className="flex items-end gap-2">
        <textarea
          ref={ref}
          rows={1}
          value={text}
          maxLength={MESSAGE_LIMITS.contentMax}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          placeholder="Type a message"
          aria-label="Message"
          aria-describedby={`composer-left-${conversationId}`}
          disabled={disabled}
          className={cn(fieldClasses, 'field-sizing-content max-h-40 min-h-10 resize-none py-2 leading-snug')}
        />
        <Button type="submit" size="icon" disabled={blank || disabled} aria-label="Send" title="Send" className="shrink-0">
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <p
        id={`composer-left-${conversationId}`}
        className={cn('mt-1 text-right text-xs', left < 100 ? 'text-warning-700' : 'text-fg-subtle')}
        aria-live={left < 100 ? 'polite' : 'off'}
      >
        {left.toLocaleString('en-US')} characters left
      </p>
    </form>
  );
}
