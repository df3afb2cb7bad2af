/** Placeholder until issue 11's screen lands. */
export default function GroupControlPage() {
  return null;
}
