export function FinancialSection() {
  return <p className="sh:text-sm">Financial reports are coming next.</p>;
}
