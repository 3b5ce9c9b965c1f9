# Opens N SSE streams with Last-Event-ID: 0 on one topic and never reads them; reports how many were answered 200.
import asyncio, sys
N = int(sys.argv[1]); TOPIC = sys.argv[2]; PORT = int(sys.argv[3]); HOLD = float(sys.argv[4])
# "per-address": stream i connects from a loopback address of its own (127.x.y.z)
PER_ADDRESS = len(sys.argv) > 5 and sys.argv[5] == "per-address"
ok = 0; refused = 0; failed = 0
async def one(i):
    global ok, refused, failed
    try:
        local = (f'127.{1 + i // 62500}.{(i // 250) % 250}.{i % 250 + 1}', 0) if PER_ADDRESS else None
        r, w = await asyncio.open_connection('127.0.0.1', PORT, local_addr=local)
        w.write((f"GET /eventhandler/subscription?eventtype={TOPIC} HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 0\r\n"
                 "Accept: text/event-stream\r\n\r\n").encode())
        await w.drain()
        line = await asyncio.wait_for(r.readline(), 30)
        if b" 200" in line: ok += 1
        else: refused += 1
        return w
    except Exception as e:
        failed += 1
        return None
async def main():
    ws = []
    for k in range(0, N, 200):
        ws += await asyncio.gather(*[one(i) for i in range(k, min(N, k + 200))])
    print(f"streams answered 200: {ok}, refused: {refused}, failed: {failed}", flush=True)
    await asyncio.sleep(HOLD)
asyncio.run(main())
