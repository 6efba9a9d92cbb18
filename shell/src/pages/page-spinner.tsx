export function PageSpinner() {
  return (
    <div role="status" aria-label="Loading" className="sh:flex sh:min-h-[50vh] sh:items-center sh:justify-center">
      <span className="sh:h-8 sh:w-8 sh:animate-spin sh:rounded-full sh:border-4 sh:border-muted sh:border-t-primary" />
    </div>
  );
}
