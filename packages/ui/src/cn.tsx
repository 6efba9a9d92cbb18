import { clsx, type ClassValue } from 'clsx';

/** Joins class names; kit classes are unprefixed and never collide with an app's prefixed ones. */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
