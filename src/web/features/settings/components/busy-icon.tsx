import { LoaderCircle } from 'lucide-react';

/** The spinning icon inside a busy button; the button's text says what is happening. */
export function BusyIcon() {
  return <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />;
}
