import { Button } from '@ringwise/ui/button';

/** Shown when auth has been loading for over 5 s (spec §2 "Auth gate"). Retry reloads the page. */
export function AuthServiceError() {
  return (
    <main className="sh:flex sh:min-h-dvh sh:items-center sh:justify-center sh:px-4">
      <section
        role="alert"
        className="sh:w-full sh:max-w-md sh:space-y-4 sh:rounded-lg sh:border sh:border-border sh:bg-card sh:p-6"
      >
        <h1 className="sh:text-xl sh:font-semibold">Authentication Service Error</h1>
        <p className="sh:text-sm sh:text-muted-foreground">We could not check whether you are signed in.</p>
        <div className="sh:text-sm">
          <p className="sh:font-medium">Possible fixes:</p>
          <ul className="sh:mt-1 sh:list-disc sh:space-y-1 sh:pl-5 sh:text-muted-foreground">
            <li>Check your internet connection.</li>
            <li>Turn off browser extensions that block scripts or cookies for this site.</li>
            <li>Allow this site to store data (private browsing can prevent it).</li>
            <li>Wait a minute and try again: the service may be restarting.</li>
          </ul>
        </div>
        <Button onClick={() => window.location.reload()}>Retry</Button>
      </section>
    </main>
  );
}
