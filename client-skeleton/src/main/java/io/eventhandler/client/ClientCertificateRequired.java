package io.eventhandler.client;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsParameters;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;

/** HTTPS for the JDK server that refuses the handshake of a client without a certificate the truststore accepts. */
final class ClientCertificateRequired extends HttpsConfigurator {

    ClientCertificateRequired(final SSLContext context) {
        super(context);
    }

    @Override
    public void configure(final HttpsParameters params) {
        final SSLParameters parameters = getSSLContext().getDefaultSSLParameters();
        parameters.setNeedClientAuth(true);
        params.setSSLParameters(parameters);
    }
}
