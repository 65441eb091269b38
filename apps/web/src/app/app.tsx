export function App() {
  return <div>Hearth</div>;
}
