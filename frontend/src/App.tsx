export function App() {
  return (
    <main className="landing">
      <h1>Astragal</h1>
      <p>A virtual tabletop whose server is the referee.</p>
    </main>
  );
}
