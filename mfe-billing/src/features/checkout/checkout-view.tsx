export function CheckoutView() {
  return (
    <section aria-labelledby="checkout-title" className="bl:space-y-2">
      <h1 id="checkout-title" className="bl:text-2xl bl:font-bold">
        Checkout
      </h1>
      <p className="bl:text-sm bl:text-muted-foreground">Secure card payment for your calling credit.</p>
    </section>
  );
}
