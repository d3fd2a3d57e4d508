// Why an action did not happen, said once at the place it was tried: announced to a screen reader as it appears.
export function Problem({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="field-error" role="alert">
      {text}
    </p>
  );
}
