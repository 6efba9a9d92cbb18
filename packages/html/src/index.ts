// Text into HTML written by hand on the server: the api's pages and e-mails, and the stand-ins' pages.

/** `value` safe inside an element or a quoted attribute: & < > " ' as numeric character references. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
