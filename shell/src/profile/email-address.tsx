// An e-mail address in running text, for a narrow screen: it moves to the next line whole, or wraps at its @ (and
// where a hyphen allows), never inside a word; only a part longer than a whole line is broken, so that the address
// can always be read in full (the delete-account dialog asks for it typed again).
import { cn } from '@ringwise/ui/cn';

/** The address before its @ and from it on ("ada.lovelace", "@example.com"); one part without an @. */
export function emailParts(email: string): string[] {
  const at = email.lastIndexOf('@');
  return at > 0 ? [email.slice(0, at), email.slice(at)] : [email];
}

export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const [local, domain] = emailParts(email);
  return (
    <span className={cn('sh:font-medium sh:wrap-anywhere', className)}>
      {local}
      {domain ? (
        <>
          <wbr />
          {domain}
        </>
      ) : null}
    </span>
  );
}
