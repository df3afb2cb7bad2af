/** Placeholder until issue 11's screen lands. */
export default function FlightControlPage() {
  return null;
}
