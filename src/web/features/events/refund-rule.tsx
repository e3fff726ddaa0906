/** The refund rule in plain words (decision 29: before paying, on the theme, the reservation and the payment). */
export function RefundRule({ rule, id = 'ev-refund-heading' }: { rule: string; id?: string }) {
  return (
    <section className="ev-refund" aria-labelledby={id}>
      <h2 id={id}>If your plans change</h2>
      <p>{rule}</p>
    </section>
  );
}
