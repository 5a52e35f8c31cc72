import type { ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface AuthDialogProps {
  title: string;
  description: string;
  onClose: () => void;
  children: ReactNode;
}

/** An auth screen as a modal (auth-screen.tsx loads it only then: the sign-in pages' first load stays small). */
export function AuthDialog({ title, description, onClose, children }: AuthDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle asChild>
            <h1>{title}</h1>
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
