import socket,sys,datetime
port=int(sys.argv[1]); ts=datetime.datetime.utcnow().strftime('%Y-%m-%dT%H:%M:%SZ')
b=('{"eventType":"TEMP","payload":"1","timeStamp":"%s","source":{"systemName":"s","address":"a","port":1}}'%ts).encode()
req=b'POST /eventhandler/publish HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n'%len(b)+b
def talk(data, extra=b''):
    s=socket.create_connection(('127.0.0.1',port)); s.sendall(data); s.settimeout(1); out=b''
    try:
        while True:
            d=s.recv(4096)
            if not d: out+=b'<EOF>'; break
            out+=d
            if extra: s.sendall(extra); extra=b''
    except Exception: pass
    return out
print('pipelined:', talk(req+req))
print('sequential:', talk(req, req))
print('close:', talk(req.replace(b'Host: x', b'Host: x\r\nConnection: close')))
print('http10:', talk(req.replace(b'HTTP/1.1', b'HTTP/1.0')))
print('bad:', talk(req.replace(b'"TEMP"', b'"te mp"')))
