// An email address that wraps after its @ rather than in the middle of a word when the column is narrow.
export function EmailText({ email }: { email: string | null | undefined }) {
  if (!email) return <>—</>;
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
