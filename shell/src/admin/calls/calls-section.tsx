export function CallsSection() {
  return <p className="sh:text-sm">The calls list is coming next.</p>;
}
