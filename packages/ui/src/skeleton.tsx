import './styles.css';
import type { HTMLAttributes } from 'react';
import { cn } from './cn.tsx';

/** A pulsing placeholder block; hidden from assistive tech (announce loading on the region instead, e.g. aria-busy). */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}
