// /admin/rates: the rate deck has no admin api yet, so this page says how a deck is imported today.
export function RatesSection() {
  return (
    <div className="sh:space-y-3 sh:rounded-lg sh:border sh:border-border sh:bg-background sh:p-4 sh:text-sm">
      <p>Viewing and editing the rate deck here is not available yet.</p>
      <p>
        To import a carrier rate deck, run this on the server, with the environment of the app (its <code>DATABASE_URL</code>, or its{' '}
        <code>DATA_DIR</code> for the embedded database):
      </p>
      <pre className="sh:overflow-x-auto sh:rounded-md sh:bg-muted sh:p-3">
        <code>bun run rates:import FILE.csv</code>
      </pre>
      <p className="sh:text-muted-foreground">Every running api picks the new deck up within about 30 seconds.</p>
    </div>
  );
}
