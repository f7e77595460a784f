/* xof_stub.c - the cheapest possible pseudoXOF, so that what the benchmark
 * measures is the shim and nothing else. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output);

/* Write one byte; the call itself must stay. */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output)
{
    (void)msg_len_bits;
    output[0] = (unsigned char)(output_len_bits + msg[0]);
    return 0;
}
