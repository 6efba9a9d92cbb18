// Leaving the app for the payment provider's pages (checkout, the card portal): the only full-page
// navigations of the billing remote. One function, so tests can watch it instead of a real navigation.

export const browserNavigation = {
  /** Sends the browser to `url` (window.location.assign). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
