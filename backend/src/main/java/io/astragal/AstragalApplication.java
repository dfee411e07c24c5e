package io.astragal;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class AstragalApplication {

    public static void main(String[] args) {
        SpringApplication.run(AstragalApplication.class, args);
    }
}
