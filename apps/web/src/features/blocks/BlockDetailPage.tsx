/** Placeholder until issue 11's screen lands. */
export default function BlockDetailPage() {
  return null;
}
