/** Every error the Latch server answers, whatever the route. */
export interface ErrorBody {
  error: { code: string; message: string }
}
