import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export interface ContainerProps extends ComponentProps<'div'> {
  /** Narrow suits reading pages (legal text, help); wide suits the landing page and feeds. */
  size?: 'narrow' | 'default' | 'wide';
}

const widths = { narrow: 'max-w-3xl', default: 'max-w-6xl', wide: 'max-w-7xl' } as const;

export function Container({ size = 'default', className, ...props }: ContainerProps) {
  return <div className={cn('mx-auto w-full px-4 sm:px-6 lg:px-8', widths[size], className)} {...props} />;
}
