// Imported by main.tsx only in the consumer that loads Latch's stylesheet instead of injecting it.
import '@latch/react/styles.css'
